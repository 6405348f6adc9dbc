import { useEffect, useState } from 'react';
import { Button, Checkbox, DatePicker, Form, InputNumber, Radio, Select, type FormInstance } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEMBER_FIELDS, ParticipationMode, type CompetitionDetail, type EnrollSetting, type MemberField } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { referenceApi, type SchoolOption } from '@/app/api/competition.api';
import { dayRangeToWindow, repeatedSchools, teamDefaultsFor, teamSizeOk, windowToDayRange, type DayRange } from '../hooks/rules';
import { NS, useEventLabel } from './shared';

export interface EnrollValues {
  window?: DayRange;
  mode: ParticipationMode;
  teamMin?: number;
  teamMax?: number;
  teacherMax?: number;
  schoolQuota?: number | null;
  schoolQuotas?: { schoolId?: number; quota?: number }[];
  requiredFields?: MemberField[];
}

export function enrollValues(e: EnrollSetting): EnrollValues {
  return { ...e, window: windowToDayRange(e.startAt, e.endAt), schoolQuotas: e.schoolQuotas };
}

/** The settings to save: the form's fields over the ones it does not show (the wizard shows only some). */
export function enrollPayload(v: EnrollValues, current: EnrollSetting): EnrollSetting {
  const team = v.mode !== ParticipationMode.individual;
  return {
    ...current,
    ...dayRangeToWindow(v.window),
    mode: v.mode,
    // Required by the form for teams; an individual sign-up has teams of one.
    teamMin: team ? v.teamMin! : 1,
    teamMax: team ? v.teamMax! : 1,
    teacherMax: v.teacherMax!,
    schoolQuota: v.schoolQuota === undefined ? current.schoolQuota : v.schoolQuota,
    schoolQuotas: v.schoolQuotas
      ? v.schoolQuotas.filter((q) => q?.schoolId != null).map((q) => ({ schoolId: q.schoolId!, quota: q.quota ?? 0 }))
      : current.schoolQuotas,
    requiredFields: v.requiredFields ?? current.requiredFields,
  };
}

/** Picks a school by name when the platform lists schools; otherwise its id is typed. */
function SchoolInput({ value, onChange, picker }: { value?: number; onChange?: (v: number | null) => void; picker: boolean }) {
  const { t } = useTranslation(NS);
  const [options, setOptions] = useState<SchoolOption[]>([]);
  const [name, setName] = useState('');
  useEffect(() => {
    if (!picker) return;
    const controller = new AbortController();
    void referenceApi.schools(name, controller.signal).then((page) => page && setOptions(page.list));
    return () => controller.abort();
  }, [name, picker]);
  if (!picker) return <InputNumber min={1} precision={0} placeholder={t('enroll.schoolId')} value={value} onChange={(v) => onChange?.(v)} style={{ width: 220 }} />;
  const known = options.some((o) => o.id === value);
  return (
    <Select
      showSearch
      filterOption={false}
      onSearch={setName}
      placeholder={t('enroll.schoolSearch')}
      value={value}
      onChange={(v) => onChange?.(v)}
      style={{ width: 260 }}
      options={[...(value && !known ? [{ value, label: `#${value}` }] : []), ...options.map((o) => ({ value: o.id, label: o.name }))]}
    />
  );
}

/**
 * The sign-up settings' fields: window, mode, team sizes and advisers (the wizard's step), and with `full`
 * also quotas and required member details (the sign-up settings page). Rules mirror the server's.
 */
export function EnrollFields({ form, detail, full, disabled }: { form: FormInstance<EnrollValues>; detail: CompetitionDetail; full?: boolean; disabled?: boolean }) {
  const { t } = useTranslation(NS);
  const event = useEventLabel();
  const mode = Form.useWatch('mode', form);
  // Whether the platform lists schools yet (another part serves them); decides the quota's school input.
  const schools = useAsync((signal) => referenceApi.schools('', signal), [], !!full);
  const picker = !!schools.data;

  return (
    <Form form={form} name="enroll" layout="vertical" disabled={disabled} initialValues={enrollValues(detail.enroll)} style={{ maxWidth: 720 }}>
      <Form.Item name="window" label={t('enroll.window')} extra={t('enroll.windowHint')}>
        <DatePicker.RangePicker style={{ width: 320 }} />
      </Form.Item>
      <Form.Item name="mode" label={t('enroll.mode')}>
        <Radio.Group
          optionType="button"
          onChange={(e) => form.setFieldsValue(teamDefaultsFor(e.target.value as number, form.getFieldsValue(['teamMax', 'teacherMax'])))}
          options={[ParticipationMode.individual, ParticipationMode.team, ParticipationMode.both].map((m) => ({ value: m, label: t(`enroll.modes.${m}`) }))}
        />
      </Form.Item>
      {mode !== ParticipationMode.individual && (
        <div className="quota-row">
          <Form.Item
            name="teamMin"
            label={t('enroll.teamMin')}
            dependencies={['teamMax', 'mode']}
            rules={[
              { required: true, message: t('enroll.sizeRequired') },
              {
                validator: async (_, min: number | undefined) => {
                  const max = form.getFieldValue('teamMax') as number | undefined;
                  if (!teamSizeOk(form.getFieldValue('mode') as number, min, max)) throw new Error(t('enroll.teamSizeInvalid', { min, max }));
                },
              },
            ]}
          >
            <InputNumber min={1} max={50} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="teamMax"
            label={t('enroll.teamMax')}
            rules={[
              { required: true, message: t('enroll.sizeRequired') },
              { type: 'number', min: 2, message: t('enroll.teamMaxTooSmall') },
            ]}
          >
            <InputNumber min={1} max={50} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </div>
      )}
      <Form.Item name="teacherMax" label={t('enroll.teacherMax')} rules={[{ required: true, message: t('enroll.sizeRequired') }]}>
        <InputNumber min={0} max={10} precision={0} style={{ width: 160 }} />
      </Form.Item>
      {full && (
        <>
          <div className="quota-row">
            <Form.Item name="schoolQuota" label={t('enroll.schoolQuota', { event: event.lower })} extra={t('enroll.schoolQuotaHint')}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
            </Form.Item>
          </div>
          <Form.Item label={t('enroll.schoolQuotas')} extra={t('enroll.schoolQuotasHint')}>
            <Form.List
              name="schoolQuotas"
              rules={[
                {
                  validator: async (_, quotas: EnrollValues['schoolQuotas']) => {
                    const repeated = repeatedSchools(quotas);
                    if (repeated.length) throw new Error(t('enroll.schoolRepeated', { ids: repeated.join(', ') }));
                  },
                },
              ]}
            >
              {(fields, { add, remove }, { errors }) => (
                <>
                  {fields.map((f) => (
                    <div className="quota-row" key={f.key}>
                      <Form.Item name={[f.name, 'schoolId']} rules={[{ required: true, message: t('enroll.schoolRequired') }]}>
                        <SchoolInput picker={picker} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'quota']} rules={[{ required: true, message: t('enroll.quotaRequired') }]}>
                        <InputNumber min={0} max={1_000_000} precision={0} placeholder={t('enroll.quota')} style={{ width: 140 }} />
                      </Form.Item>
                      {!disabled && <MinusCircleOutlined className="quota-row__remove" onClick={() => remove(f.name)} style={{ marginTop: 9 }} />}
                    </div>
                  ))}
                  <Form.ErrorList errors={errors} />
                  {!disabled && (
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quota: 0 })}>
                      {t('enroll.addSchool')}
                    </Button>
                  )}
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="requiredFields" label={t('enroll.requiredFields')}>
            <Checkbox.Group options={MEMBER_FIELDS.map((f) => ({ value: f, label: t(`memberField.${f}`) }))} />
          </Form.Item>
        </>
      )}
    </Form>
  );
}
