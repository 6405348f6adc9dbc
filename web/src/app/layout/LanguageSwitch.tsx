import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { normaliseLang, setLanguage } from '../i18n';

/**
 * Switches between the two interface languages at any time; the choice is kept and antd's locale follows.
 * A plain button (not a dropdown) so the public pages stay light.
 */
export function LanguageSwitch({ type = 'text', className }: { type?: 'text' | 'link' | 'default'; className?: string }) {
  const { t, i18n } = useTranslation();
  const next = normaliseLang(i18n.language) === 'en' ? 'zh-CN' : 'en';
  return (
    <Button type={type} className={className} icon={<TranslationOutlined />} title={t('lang.switch')} onClick={() => setLanguage(next)}>
      {t(`lang.${next}`)}
    </Button>
  );
}
