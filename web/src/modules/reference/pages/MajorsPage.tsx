import { useCallback } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListScreen, TextFilter } from '@/app/components/ListParts';
import { DictType, MAX_PAGE_SIZE, Perm, type MajorPageQuery, type MajorView } from '@cmp/contracts';
import { usePermission } from '@/app/permission/permission';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import '@/app/components/page.css';
import { collegeApi, majorApi, schoolApi } from '../api/reference.api';
import { CodeSortStatusFields, EditorModal, NameCell, NameFields, SchoolField } from '../components/ReferenceParts';
import { useLookups } from '../hooks/useLookups';
import { useReferenceEditor } from '../hooks/useReferenceEditor';
import '../components/reference.css';
import '../locales';

interface Values {
  schoolId?: number;
  collegeId: number;
  name: string;
  nameEn?: string;
  code?: string;
  educationLevel?: string | null;
  sort: number;
  enabled: boolean;
}

interface Filters {
  schoolId?: number;
  collegeId?: number;
  name?: string;
}

/** Colleges of one school as choices (every college of a school fits in one page of 100). */
function useColleges(schoolId: number | undefined) {
  return useAsync((signal) => collegeApi.page({ schoolId, pageSize: MAX_PAGE_SIZE }, signal), [schoolId], !!schoolId);
}

/** Majors of the colleges of the schools the caller's organisations manage. */
export default function MajorsPage() {
  const { t } = useTranslation('reference');
  const canEdit = usePermission([Perm.majorEdit]);
  const { dictOptions: levels, dictLabel: levelLabel } = useLookups(DictType.educationLevel);
  const schools = useAsync(() => schoolApi.options(), []);
  const schoolOptions = (schools.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  const paged = usePagedList<MajorView, MajorPageQuery, Filters>(majorApi.page, (f) => ({
    schoolId: f.schoolId,
    collegeId: f.collegeId,
    name: f.name?.trim() || undefined,
  }));
  const { schoolId, collegeId } = paged.query;
  const filters = paged.filters;
  const filterSchool = Form.useWatch('schoolId', filters);
  const filterColleges = useColleges(filterSchool);

  const editor = useReferenceEditor<MajorView, Values>({
    kind: 'major',
    paged,
    valuesOf: useCallback(
      (m) => (m ? { ...m, code: m.code ?? '' } : { schoolId: schoolId ?? schools.data?.[0]?.id, collegeId, sort: 0, enabled: true }),
      [schoolId, collegeId, schools.data],
    ),
    save: (v, m) =>
      majorApi.save({
        id: m?.id,
        collegeId: v.collegeId,
        name: v.name.trim(),
        nameEn: v.nameEn?.trim() ?? '',
        code: v.code?.trim() || null,
        educationLevel: v.educationLevel || null,
        sort: v.sort ?? 0,
        enabled: v.enabled,
      }),
    remove: majorApi.remove,
  });
  const form = editor.form;
  const formSchool = Form.useWatch('schoolId', form);
  const formColleges = useColleges(formSchool);

  const collegeOptions = (state: ReturnType<typeof useColleges>) => (state.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }));

  const columns = editor.columns(
    [
      { title: t('major.name'), dataIndex: 'name', width: 220, render: (_: string, m) => <NameCell row={m} /> },
      { title: t('major.college'), dataIndex: 'collegeName', width: 200 },
      { title: t('college.school'), dataIndex: 'schoolName', width: 180 },
      { title: t('major.level'), dataIndex: 'educationLevel', width: 130, render: (v: string | null) => levelLabel(v) },
      { title: t('code'), dataIndex: 'code', width: 100, render: (v: string | null) => v || '-' },
    ],
    canEdit,
  );

  return (
    <ListScreen
      paged={paged}
      columns={columns}
      scrollX={1000}
      title={t('major.title')}
      add={canEdit && { label: t('major.add'), disabled: !schools.data?.length, onClick: editor.add }}
      filters={
        <>
          <Form.Item name="schoolId" label={t('college.school')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('common.all')}
              style={{ width: 200 }}
              options={schoolOptions}
              onChange={() => filters.setFieldValue('collegeId', undefined)}
            />
          </Form.Item>
          <Form.Item name="collegeId" label={t('major.college')}>
            <Select allowClear disabled={!filterSchool} placeholder={filterSchool ? t('common.all') : t('major.chooseSchool')} style={{ width: 200 }} options={collegeOptions(filterColleges)} />
          </Form.Item>
          <TextFilter name="name" label={t('major.name')} width={180} />
        </>
      }
    >
      <EditorModal editor={editor}>
        <SchoolField options={schoolOptions} onChange={() => form.setFieldValue('collegeId', undefined)} />
        <Form.Item name="collegeId" label={t('major.college')} rules={[{ required: true, message: t('major.collegeRequired') }]}>
          <Select disabled={!formSchool} options={collegeOptions(formColleges)} />
        </Form.Item>
        <NameFields label={t('major.name')} />
        <CodeSortStatusFields codeWidth={120}>
          <Form.Item name="educationLevel" label={t('major.level')}>
            <Select allowClear options={levels} style={{ width: 160 }} />
          </Form.Item>
        </CodeSortStatusFields>
      </EditorModal>
    </ListScreen>
  );
}
