import { NewsListScreen } from '../components/NewsListScreen';

export default function NewsCollectPage() {
  return <NewsListScreen mode="collect" />;
}
