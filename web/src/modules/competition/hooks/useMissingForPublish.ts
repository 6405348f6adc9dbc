import { useTranslation } from 'react-i18next';
import type { CompetitionDetail } from '@cmp/contracts';
import { NS, useEventLabel } from '../components/shared';

/**
 * What a draft still needs before it can be published, as the server checks it (it refuses with the same
 * list): an event, the sign-up window and the work-submission window, without which no work can come in.
 */
export function useMissingForPublish(): (c: CompetitionDetail) => string[] {
  const { t } = useTranslation(NS);
  const event = useEventLabel();
  return (c) =>
    [
      !c.items.length && t('wizard.missingItem', { event: event.lower }),
      !c.enroll.startAt && t('wizard.missingEnroll'),
      !c.workSubmit.startAt && t('wizard.missingWorkSubmit'),
    ].filter((x): x is string => !!x);
}
