import { useMemo, useState } from 'react';
import { Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AwardPreset, AwardPresetSave } from '@cmp/contracts';
import { actionsColumn, dateColumn } from '@/app/components/ListParts';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import '@/app/components/page.css';
import { resultsApi } from '../api/results.api';
import { AwardLevelsField, DEFAULT_LEVELS } from '../components/results/AwardLevelsField';
import { NS } from '../components/results/versions';

/**
 * 奖励管理: the organisation's award presets: levels (names in both languages, best first) with their rules, kept
 * under a name; a round's 奖项评定 starts from one.
 */
export default function RewardPresetsPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const presets = useAsync((signal) => resultsApi.presets(signal), []);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Partial<AwardPreset> | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<AwardPresetSave>();
  const shown = useMemo(() => (presets.data ?? []).filter((p) => p.name.toLowerCase().includes(keyword.trim().toLowerCase())), [presets.data, keyword]);

  const open = (preset: Partial<AwardPreset>) => {
    setEditing(preset);
    form.setFieldsValue({ name: preset.name ?? '', levels: preset.levels ?? DEFAULT_LEVELS });
  };
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await resultsApi.savePreset({ ...values, id: editing?.id });
      toast(t('presets.saved'), 'success');
      setEditing(null);
      presets.reload();
    } catch {
      /* toasted: a name in use says so */
    } finally {
      setSaving(false);
    }
  };
  const remove = async (p: AwardPreset) => {
    if ((await confirmDialog(t('presets.deleteAsk', { name: p.name }))) !== 'confirm') return;
    try {
      await resultsApi.deletePreset(p.id);
      toast(t('presets.deleted'), 'success');
      presets.reload();
    } catch {
      /* toasted */
    }
  };
  const rule = (l: AwardPreset['levels'][number]) => t(`presets.rules.${l.rule}`, { value: l.value });

  return (
    <div className="system-page">
      <PageHeader
        title={t('presets.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({})} data-testid="preset-add">
            {t('presets.add')}
          </Button>
        }
      />
      <Form layout="inline" className="search-form">
        <Form.Item label={t('presets.name')}>
          <Input.Search allowClear placeholder={t('presets.search')} onSearch={setKeyword} style={{ width: 240 }} data-testid="preset-search" />
        </Form.Item>
      </Form>
      <LoadError error={presets.error} onRetry={presets.reload} />
      <Table<AwardPreset>
        size="middle"
        rowKey="id"
        loading={presets.loading}
        dataSource={shown}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('presets.empty') }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total) => t('presets.total', { total }) }}
        columns={[
          { title: t('presets.name'), dataIndex: 'name', width: 200, ellipsis: true },
          {
            title: t('presets.levels'),
            key: 'levels',
            render: (_, p) => (
              <Space size={[4, 4]} wrap>
                {p.levels.map((l) => (
                  <Tag key={l.name} color="gold">
                    {localName(l.name, l.nameEn)} · {rule(l)}
                  </Tag>
                ))}
              </Space>
            ),
          },
          dateColumn<AwardPreset>(t('presets.updatedAt'), 'updatedAt', lang, 'minute'),
          actionsColumn<AwardPreset>(t('presets.actions'), 150, (p) => (
            <Space size={0}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open(p)}>
                {t('presets.edit')}
              </Button>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(p)}>
                {t('presets.delete')}
              </Button>
            </Space>
          )),
        ]}
      />
      <Modal
        open={!!editing}
        title={t(editing?.id ? 'presets.editTitle' : 'presets.addTitle')}
        width={720}
        okText={t('presets.save')}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('presets.name')} rules={[{ required: true, whitespace: true, max: 50 }]}>
            <Input placeholder={t('presets.namePlaceholder')} data-testid="preset-name" />
          </Form.Item>
          <Form.Item label={t('presets.levels')} required tooltip={t('presets.levelsHint')}>
            <AwardLevelsField />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
