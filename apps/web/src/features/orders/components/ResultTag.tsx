import { useMt } from '../i18n';
import { ResultBadge } from './OrderDetailParts';

/** An item's result as a coloured tag (merchant texts). */
export function ResultTag({ result }: { result: string | null }) {
  const t = useMt();
  return <ResultBadge result={result} resultText={(r) => t(`result.${r}`, { defaultValue: r })} noResult={t('detail.noResult')} />;
}
