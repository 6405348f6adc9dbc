import { NewsListScreen } from '../components/NewsListScreen';

export default function NewsListPage() {
  return <NewsListScreen mode="list" />;
}
