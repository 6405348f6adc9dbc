import { NewsListScreen } from '../components/NewsListScreen';

export default function NewsApplyPage() {
  return <NewsListScreen mode="apply" />;
}
