import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './app/i18n';
import './app/styles.css';
import App from './app/App';
import { setupHttp } from './app/http/setup';
import { mountApp } from './app/ssr/takeover';

setupHttp();

mountApp((container) =>
  createRoot(container).render(
    <StrictMode>
      {/* No transitions: the guard must see a new location and a new session in the same render. */}
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
