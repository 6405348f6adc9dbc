import type { Catalogue } from '@/app/i18n/types';
import type { DataCentreMessages } from './zh-CN';

const en: Catalogue<DataCentreMessages> = {
  cloud: {
    title: 'Cloud statistics',
    competition: 'Competition',
    pickCompetition: 'Choose a competition',
    pickFirst: "Choose a competition to see its sign-up figures",
    total: 'Sign-ups',
    today: 'Today',
    pending: 'Waiting for approval',
    works: 'Works submitted',
    updatedAt: 'Updated {{time}}',
    notYet: 'No data yet',
    counted: 'Sign-ups not rejected or withdrawn, and the works they submitted; days in Beijing time.',
  },
  figure: {
    chart: 'Chart',
    table: 'Table',
    export: 'Export',
    empty: 'No sign-ups yet',
    count: 'Sign-ups',
    works: 'Works',
    notGiven: 'Not given',
    titles: {
      day: 'Sign-ups per day',
      workDay: 'Works submitted per day',
      event: 'By event',
      school: 'By school',
      college: 'By college',
      major: 'By major',
      grade: 'By grade',
      province: 'By province',
    },
    keys: { day: 'Day', workDay: 'Day submitted', event: 'Event', school: 'School', college: 'College', major: 'Major', grade: 'Grade', province: 'Province' },
  },
};
export default en;
