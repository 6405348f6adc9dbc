import { useEffect, useMemo, useState } from 'react';
import { Alert, AutoComplete, Button, Col, Form, Input, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseIdNumber, PHONE_PATTERN, type MemberProfile, type NamedOption } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { publicReferenceApi } from '@/app/api/public-reference.api';
import { SchoolSelect, schoolValueOf, type SchoolValue } from '@/app/components/SchoolSelect';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { centreApi } from '../api/centre.api';
import { clearErrorsOnChange, showServerFieldError } from '@/app/http/field-errors';
import { useSubmit } from '../hooks/useSubmit';

type Values = Omit<MemberProfile, 'schoolId' | 'schoolName' | 'gender'> & { school?: SchoolValue };

const TEXT_FIELDS = ['realName', 'idNumber', 'phone', 'email', 'college', 'major', 'studentNo', 'grade'] as const;

const toValues = (p: MemberProfile): Values => ({
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, p[f] ?? ''])),
  school: schoolValueOf(p),
});

/** Every field is sent: an emptied one is sent empty, which clears it on the server. */
const toProfile = (v: Values): MemberProfile =>
  ({
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, (v[f] ?? '').trim()])),
    schoolId: v.school?.id ?? null,
    schoolName: v.school?.name ?? '',
  }) as MemberProfile;

/** The gender an identity number gives; none while the number is not a valid one. */
function genderOf(idNumber: string | undefined): MemberProfile['gender'] {
  try {
    return parseIdNumber((idNumber ?? '').trim().toUpperCase()).gender;
  } catch {
    return undefined;
  }
}

/** Colleges of the chosen school and majors of the chosen college, as suggestions (any text is accepted). */
function useCollegeMajorOptions(schoolId: number | undefined, college: string | undefined) {
  const [colleges, setColleges] = useState<NamedOption[]>([]);
  const [majors, setMajors] = useState<NamedOption[]>([]);
  useEffect(() => {
    setColleges([]);
    if (schoolId) publicReferenceApi.colleges(schoolId).then(setColleges, () => undefined);
  }, [schoolId]);
  const collegeId = colleges.find((c) => c.name === college)?.id;
  useEffect(() => {
    setMajors([]);
    if (collegeId) publicReferenceApi.majors(collegeId).then(setMajors, () => undefined);
  }, [collegeId]);
  return useMemo(() => ({ colleges: colleges.map((c) => ({ value: c.name })), majors: majors.map((m) => ({ value: m.name })) }), [colleges, majors]);
}

/** /center/users, "participant details": the details sign-up forms are filled in with (GET/POST /web/user/detail). */
export function ParticipantTab() {
  const { t } = useTranslation('centre');
  const [form] = Form.useForm<Values>();
  const detail = useAsync((signal) => centreApi.detail(signal), []);

  useEffect(() => {
    if (!detail.data) return;
    form.setFieldsValue(toValues(detail.data.profile));
  }, [detail.data, form]);

  const school = Form.useWatch('school', form);
  const college = Form.useWatch('college', form);
  const idNumber = Form.useWatch('idNumber', form);
  const options = useCollegeMajorOptions(school?.id, college);
  const gender = genderOf(idNumber);

  const submit = useSubmit(async () => {
    const values = await form.validateFields();
    try {
      const r = await centreApi.saveDetail(toProfile(values));
      form.setFieldsValue(toValues(r.profile));
      toast(t('participant.saved'), 'success');
    } catch (e) {
      // The server names the field its message is about: show the message there too.
      showServerFieldError(form, e, TEXT_FIELDS);
      throw e;
    }
  });

  if (detail.loading && !detail.data) return <Skeleton active />;
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 720 }} onValuesChange={clearErrorsOnChange(form)} data-testid="participant-form">
      <LoadError error={detail.error} onRetry={detail.reload} />
      <Alert type="info" showIcon message={t('participant.intro')} style={{ marginBottom: 16 }} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="realName" label={t('memberField.realName')} rules={[{ required: true, whitespace: true, message: t('participant.realNameRequired') }]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="idNumber"
            label={t('memberField.idNumber')}
            extra={
              gender ? (
                <span data-testid="derived-gender">{t('participant.genderLine', { gender: gender === 1 ? t('participant.male') : t('participant.female') })}</span>
              ) : undefined
            }
          >
            <Input maxLength={18} placeholder={t('participant.idNumberPlaceholder')} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('memberField.phone')} rules={[{ pattern: PHONE_PATTERN, message: t('participant.phoneInvalid') }]}>
            <Input maxLength={11} autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('memberField.email')} rules={[{ type: 'email', message: t('participant.emailInvalid') }]}>
            <Input maxLength={100} autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="school" label={t('memberField.school')}>
            <SchoolSelect />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="college" label={t('memberField.college')}>
            <AutoComplete options={options.colleges} maxLength={100} filterOption={(input, o) => !!o?.value.includes(input)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="major" label={t('memberField.major')}>
            <AutoComplete options={options.majors} maxLength={100} filterOption={(input, o) => !!o?.value.includes(input)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="studentNo" label={t('memberField.studentNo')}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="grade" label={t('memberField.grade')}>
            <Input maxLength={20} placeholder={t('participant.gradePlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" loading={submit.busy} disabled={submit.disabled} onClick={submit.onClick}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
