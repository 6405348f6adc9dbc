import { Button, Result, Space } from 'antd';
import type { ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../config/constants';

export function ErrorScreen({ status, title, subTitle, login }: Pick<ResultProps, 'status' | 'title' | 'subTitle'> & { login?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      className="page-loading--full"
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Space wrap>
          <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('common.backHome')}
          </Button>
          {login && <Button onClick={() => navigate('/neibu/login')}>{t('error.goLogin')}</Button>}
        </Space>
      }
    />
  );
}
