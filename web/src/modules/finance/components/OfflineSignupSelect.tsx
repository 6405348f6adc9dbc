import { useEffect, useState } from 'react';
import { Alert, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfflineSignupOption } from '@cmp/contracts';
import { financeApi } from '../api/finance.api';
import { useLocalName } from '@/app/i18n/hooks';
import { money, NS } from './shared';

const SEARCH_DELAY_MS = 300;

/**
 * The record form's sign-up: searched by payer name, account or sign-up number among the organisation's sign-ups
 * that owe their fee; the chosen one is spelled out (payer, account, competition, amount) before submitting.
 */
export function OfflineSignupSelect({ value, onChange, id }: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const { t } = useTranslation(NS);
  const name = useLocalName();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<OfflineSignupOption[]>([]);
  const [chosen, setChosen] = useState<OfflineSignupOption | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const keyword = search.trim();
    if (!keyword) return setFound([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      financeApi
        .offlineSignups(keyword, controller.signal)
        .then(setFound)
        .catch(() => undefined)
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  const line = (key: 'offline.signupOption' | 'offline.signupChosen', s: OfflineSignupOption) =>
    t(key, { payer: s.payerName, account: s.payerAccount, id: s.signupId, competition: name(s.competitionName, s.competitionNameEn), item: name(s.itemName, s.itemNameEn), amount: money(s.feeFen) });
  const shown = chosen && !found.some((s) => s.signupId === chosen.signupId) ? [chosen, ...found] : found;
  return (
    <>
      <Select<number>
        id={id}
        showSearch
        allowClear
        value={value}
        filterOption={false}
        onSearch={setSearch}
        onChange={(v) => {
          setChosen(shown.find((s) => s.signupId === v) ?? null);
          onChange?.(v);
        }}
        placeholder={t('offline.signupSearch')}
        notFoundContent={loading ? <Spin size="small" /> : search.trim() ? t('offline.signupNone') : null}
        options={shown.map((s) => ({ value: s.signupId, label: line('offline.signupOption', s) }))}
        style={{ width: '100%' }}
      />
      {chosen && value === chosen.signupId && <Alert type="info" showIcon style={{ marginTop: 8 }} message={line('offline.signupChosen', chosen)} data-testid="offline-signup-chosen" />}
    </>
  );
}
