import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { App } from './App';
import { lang, t } from './i18n';
import './kiosk.css';

document.documentElement.lang = lang;
document.title = t('title');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={{ algorithm: theme.darkAlgorithm, token: { fontSize: 18 } }}>
      <App />
    </ConfigProvider>
  </StrictMode>,
);
