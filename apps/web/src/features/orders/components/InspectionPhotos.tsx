import { Image, Space } from 'antd';
import { photoSrc } from '../../photos';
import { useMt } from '../i18n';

/**
 * An item's inspection photos as thumbnails; a click opens antd's preview, which pages through all
 * of them. Nothing when there are none. Texts from the orders feature's own namespace, so every
 * portal's detail shows the same words.
 */
export function InspectionPhotos({ urls, size = 72 }: { urls: readonly string[]; size?: number }) {
  const t = useMt();
  if (!urls.length) return null;
  return (
    <div data-testid="inspection-photos" style={{ marginTop: 8 }}>
      <div className="small muted" style={{ marginBottom: 4 }}>
        {t('photo.title')}
      </div>
      <Image.PreviewGroup>
        <Space wrap size={8}>
          {urls.map((u, i) => (
            <Image key={u} src={photoSrc(u)} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('photo.alt', { n: i + 1 })} />
          ))}
        </Space>
      </Image.PreviewGroup>
    </div>
  );
}
