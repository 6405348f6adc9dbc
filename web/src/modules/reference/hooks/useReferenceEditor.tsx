import { useEffect } from 'react';
import { Form, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionsColumn, EditDeleteLinks, EnabledTag } from '@/app/components/ListParts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import type { PagedList } from '@/app/hooks/usePagedList';
import { useRowDialog } from '@/app/hooks/useRowDialog';

/**
 * The add/edit dialog and row actions of the colleges and majors screens. The form is filled for the row (or a
 * new one) when the dialog opens, and again when `valuesOf` changes, so the caller memoises it. Texts are
 * `<kind>.add`, `.edit`, `.saved`, `.deleted` and `.deleteConfirm`.
 */
export function useReferenceEditor<T extends { id: number; name: string }, V>({
  kind,
  paged,
  valuesOf,
  save,
  remove,
}: {
  kind: 'college' | 'major';
  paged: Pick<PagedList<T>, 'list' | 'afterDelete'>;
  valuesOf: (row: T | null) => Partial<V>;
  save: (values: V, row: T | null) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}) {
  const { t } = useTranslation('reference');
  const [form] = Form.useForm<V>();
  const dialog = useRowDialog<T>(paged.list.reload);
  const { editing } = dialog;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(editing.row) as Parameters<typeof form.setFieldsValue>[0]);
  }, [editing, form, valuesOf]);

  const submit = async () => {
    const v = await form.validateFields();
    await save(v, editing?.row ?? null);
    toast(t(`${kind}.saved`), 'success');
    dialog.modal.onSaved();
  };
  const drop = async (row: T) => {
    const deleted = await confirmDelete({ question: t(`${kind}.deleteConfirm`, { name: row.name }), okText: t('common.delete'), done: t(`${kind}.deleted`), run: () => remove(row.id) });
    if (deleted) paged.afterDelete();
  };

  return {
    form,
    add: () => dialog.open(null),
    /** The screen's own columns, then status, then edit and delete when `canEdit`. */
    columns: (own: TableColumnsType<T>, canEdit: boolean): TableColumnsType<T> => [
      ...own,
      { title: t('common.status'), dataIndex: 'enabled', width: 90, render: (on: boolean) => <EnabledTag enabled={on} /> },
      ...(canEdit ? [actionsColumn<T>(t('common.actions'), 130, (row) => <EditDeleteLinks onEdit={() => dialog.open(row)} onDelete={() => void drop(row)} />)] : []),
    ],
    /** What the FormModal takes. */
    modal: { title: editing?.row ? t(`${kind}.edit`) : t(`${kind}.add`), open: dialog.modal.open, onClose: dialog.modal.onClose, onSubmit: submit },
  };
}
