import { NewsListScreen } from '../components/NewsListScreen';

export default function NewsCheckPage() {
  return <NewsListScreen mode="check" />;
}
