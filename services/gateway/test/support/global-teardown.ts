import { stopAll } from './platform';

export default async function globalTeardown(): Promise<void> {
  stopAll();
}
