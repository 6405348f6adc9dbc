import { CheckCircleTwoTone } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../components/site.css';

export type InfoTopic = 'introductionPlatform' | 'expendingServices' | 'consultDetails' | 'research' | 'solve';

/** The site's fixed information pages: a title, a lead and the points that matter. */
export default function InfoPage({ topic }: { topic: InfoTopic }) {
  const { t } = useTranslation('site');
  const points = t(`info.${topic}.points`, { returnObjects: true }) as string[];
  return (
    <div className="site-page site-info" data-topic={topic}>
      <h1 className="site-page__title">{t(`info.${topic}.title`)}</h1>
      <p className="site-info__lead">{t(`info.${topic}.lead`)}</p>
      <ul className="site-info__points">
        {points.map((p) => (
          <li key={p}>
            <CheckCircleTwoTone /> {p}
          </li>
        ))}
      </ul>
    </div>
  );
}
