import { useTranslation } from 'react-i18next';
import type { Competition } from '@cmp/contracts';
import { confirmDelete, confirmDialog, toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { NS, useEventLabel } from '../components/shared';

type Named = Pick<Competition, 'id' | 'name'>;

/**
 * The confirm-then-call flows the list and the details page share. Each resolves true when the change
 * was made; a refused call has already shown the server's message.
 */
export function useCompetitionActions() {
  const { t } = useTranslation(NS);
  const event = useEventLabel();

  const confirmed = async (question: string, run: () => Promise<unknown>, done: () => string): Promise<boolean> => {
    if ((await confirmDialog(question)) !== 'confirm') return false;
    try {
      await run();
    } catch {
      return false;
    }
    toast(done(), 'success');
    return true;
  };

  return {
    publish: (c: Named) => confirmed(t('action.publishConfirm', { name: c.name }), () => competitionApi.publish(c.id), () => t('action.published')),
    archive: (c: Named) => confirmed(t('action.archiveConfirm', { name: c.name }), () => competitionApi.archive(c.id), () => t('action.archived')),
    copy: async (c: Named) => {
      let copyName = '';
      const ok = await confirmed(
        t('action.copyConfirm', { name: c.name, event: event.lower }),
        async () => {
          copyName = (await competitionApi.copy(c.id)).name;
        },
        () => t('action.copied', { name: copyName }),
      );
      return ok;
    },
    remove: (c: Named) =>
      confirmDelete({
        question: t('action.deleteConfirm', { name: c.name }),
        okText: t('action.delete'),
        done: t('action.deleted'),
        run: () => competitionApi.remove(c.id),
      }),
  };
}
