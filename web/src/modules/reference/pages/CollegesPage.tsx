import { useCallback } from 'react';
import { Alert, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListScreen, TextFilter } from '@/app/components/ListParts';
import { Perm, type CollegePageQuery, type CollegeView } from '@cmp/contracts';
import { usePermission } from '@/app/permission/permission';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import '@/app/components/page.css';
import { collegeApi, schoolApi } from '../api/reference.api';
import { CodeSortStatusFields, EditorModal, NameCell, NameFields, SchoolField } from '../components/ReferenceParts';
import { useReferenceEditor } from '../hooks/useReferenceEditor';
import '../components/reference.css';
import '../locales';

interface Values {
  schoolId: number;
  name: string;
  nameEn?: string;
  code?: string;
  sort: number;
  enabled: boolean;
}

/** Colleges of the schools the caller's organisations manage. */
export default function CollegesPage() {
  const { t } = useTranslation('reference');
  const canEdit = usePermission([Perm.collegeEdit]);
  const schools = useAsync(() => schoolApi.options(), []);
  const schoolOptions = (schools.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  const paged = usePagedList<CollegeView, CollegePageQuery, { schoolId?: number; name?: string }>(collegeApi.page, (f) => ({
    schoolId: f.schoolId,
    name: f.name?.trim() || undefined,
  }));
  const { schoolId } = paged.query;
  const editor = useReferenceEditor<CollegeView, Values>({
    kind: 'college',
    paged,
    valuesOf: useCallback((c) => (c ? { ...c, code: c.code ?? '' } : { schoolId: schoolId ?? schools.data?.[0]?.id, sort: 0, enabled: true }), [schoolId, schools.data]),
    save: (v, c) => collegeApi.save({ id: c?.id, schoolId: v.schoolId, name: v.name.trim(), nameEn: v.nameEn?.trim() ?? '', code: v.code?.trim() || null, sort: v.sort ?? 0, enabled: v.enabled }),
    remove: collegeApi.remove,
  });

  const columns = editor.columns(
    [
      { title: t('college.name'), dataIndex: 'name', width: 240, render: (_: string, c) => <NameCell row={c} /> },
      { title: t('college.school'), dataIndex: 'schoolName', width: 200 },
      { title: t('code'), dataIndex: 'code', width: 100, render: (v: string | null) => v || '-' },
      { title: t('sort'), dataIndex: 'sort', width: 80 },
      { title: t('college.majors'), dataIndex: 'majorCount', width: 90 },
    ],
    canEdit,
  );

  return (
    <ListScreen
      paged={paged}
      title={t('college.title')}
      notice={schools.data && !schools.data.length && <Alert type="info" showIcon message={t('college.noSchool')} style={{ marginBottom: 12 }} />}
      add={canEdit && { label: t('college.add'), disabled: !schools.data?.length, onClick: editor.add }}
      filters={
        <>
          <Form.Item name="schoolId" label={t('college.school')}>
            <Select allowClear showSearch optionFilterProp="label" placeholder={t('common.all')} style={{ width: 220 }} options={schoolOptions} />
          </Form.Item>
          <TextFilter name="name" label={t('college.name')} width={200} />
        </>
      }
      columns={columns}
      scrollX={900}
    >
      <EditorModal editor={editor}>
        <SchoolField options={schoolOptions} />
        <NameFields label={t('college.name')} />
        <CodeSortStatusFields codeWidth={160} />
      </EditorModal>
    </ListScreen>
  );
}
