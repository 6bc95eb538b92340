import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBlob } from '../../shared/api.ts';
import { imagePath } from './support.api.ts';

/** An image of the conversation, read behind the operator's token and shown from an object URL. */
export function DeskImage({ id }: { id: string }) {
  const { t } = useTranslation('admin-support');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchBlob(imagePath(id), controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <img className="sc-bubble__image" src={url} alt={t('attach')} data-testid="sc-image" />
    </a>
  ) : (
    <span className="sc-bubble__image sc-bubble__image--loading" />
  );
}
