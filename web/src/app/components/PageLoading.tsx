import { Spin } from 'antd';

export function PageLoading({ tip, full }: { tip?: string; full?: boolean }) {
  return (
    <div className={full ? 'page-loading page-loading--full' : 'page-loading'}>
      <Spin size="large" />
      {tip && <div className="page-loading__tip">{tip}</div>}
    </div>
  );
}
