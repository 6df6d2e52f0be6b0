import { Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PHOTO_MAX_PER_ITEM, photoMimeTypes, type IntakeScanData, type PhotoUploadData } from '@gemqc/contract';
import { ui } from '../../../lib/ui';
import { photoSrc } from '../../photos';
import { useWt } from '../i18n';
import { photoMime } from '../../../lib/upload';
import { uploadPhoto } from '../upload';

type Inspection = IntakeScanData['inspections'][number];

/** One photo of the list: a file being sent, or one stored (its `response` holds the key and signed url). */
type Stored = Pick<PhotoUploadData, 'key' | 'url'>;
export type PhotoFile = UploadFile<Stored>;

/** The photos an inspection record already has, as the list's stored files. */
export function storedPhotos(ins: Inspection | undefined): PhotoFile[] {
  if (!ins) return [];
  return ins.photos.map((key, i) => {
    const url = ins.photo_urls?.[i] ?? '';
    const src = url ? photoSrc(url) : undefined;
    return { uid: key, name: key.slice(key.lastIndexOf('/') + 1), status: 'done', url: src, thumbUrl: src, response: { key, url } };
  });
}

/** The keys of the stored photos, in list order (what `Inspection/submit` takes). */
export function photoKeys(files: readonly PhotoFile[] | undefined): string[] {
  return (files ?? []).flatMap((f) => (f.status === 'done' && f.response?.key ? [f.response.key] : []));
}

/** Why the list cannot be submitted yet (a photo still uploading or failed), or null. */
export function photoProblem(files: readonly PhotoFile[] | undefined): 'uploading' | 'failed' | null {
  if ((files ?? []).some((f) => f.status === 'uploading')) return 'uploading';
  if ((files ?? []).some((f) => f.status === 'error')) return 'failed';
  return null;
}

/** A local preview while a photo uploads (jsdom and old browsers have no object urls: no preview). */
const previewFile = (file: File | Blob) => Promise.resolve(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');

/**
 * The 照片 field of the inspection form (antd Form control: `value`/`onChange` are the file
 * list): a picture-card list, up to PHOTO_MAX_PER_ITEM JPEG/PNG/WebP photos, each sent at once as
 * the raw body of `Inspection/photoUpload` (XMLHttpRequest, with its progress) and removable once
 * sent or failed (antd shows no remove action while one uploads); leaving the form stops an upload
 * in flight.
 */
export function PhotoPicker({ itemId, value, onChange, id }: { itemId: string; value?: PhotoFile[]; onChange?: (files: PhotoFile[]) => void; id?: string }) {
  const t = useWt();
  const files = value ?? [];

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (!photoMime(file)) {
      void ui().message.error(t('photo.badType'));
      return Upload.LIST_IGNORE;
    }
    if (files.length + batch.indexOf(file) >= PHOTO_MAX_PER_ITEM) {
      if (batch.indexOf(file) === PHOTO_MAX_PER_ITEM - files.length) void ui().message.warning(t('photo.tooMany', { max: PHOTO_MAX_PER_ITEM }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const ctl = new AbortController();
    uploadPhoto(file as File, { item_id: itemId }, (percent) => onProgress?.({ percent }), ctl.signal).then(
      (d) => onSuccess?.(d),
      (e: Error) => onError?.(e),
    );
    return { abort: () => ctl.abort() };
  };

  const change: UploadProps<Stored>['onChange'] = ({ fileList }) => {
    onChange?.(
      fileList.map((f) => {
        if (f.status !== 'done' || !f.response?.url || f.url) return f;
        if (f.thumbUrl?.startsWith('blob:')) URL.revokeObjectURL(f.thumbUrl);
        const src = photoSrc(f.response.url);
        return { ...f, url: src, thumbUrl: src };
      }),
    );
  };

  return (
    <Upload<Stored>
      id={id}
      listType="picture-card"
      accept={photoMimeTypes.join(',')}
      multiple
      maxCount={PHOTO_MAX_PER_ITEM}
      fileList={files}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={change}
      previewFile={previewFile}
      isImageUrl={() => true}
      data-testid={`photo-upload-${itemId}`}
    >
      {files.length < PHOTO_MAX_PER_ITEM && (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label={t('photo.upload')}>
          <PlusOutlined />
          <div style={{ marginTop: 4 }}>{t('photo.upload')}</div>
        </button>
      )}
    </Upload>
  );
}
