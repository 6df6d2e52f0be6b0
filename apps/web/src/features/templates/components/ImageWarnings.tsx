import { useCallback } from 'react';
import { App } from 'antd';
import { useTt } from '../i18n';

/**
 * After a save or a kr import: the pictures on another host the server could not store (each
 * sentence names the picture and says why). The template is saved; those pictures do not print.
 */
export function useImageWarnings(): (warnings: string[]) => void {
  const t = useTt();
  const { modal } = App.useApp();
  return useCallback(
    (warnings: string[]) =>
      void modal.warning({
        title: t('imageWarningsTitle'),
        width: 560,
        content: (
          <ul className="tpl-import-list" data-testid="template-image-warnings">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ),
      }),
    [modal, t],
  );
}
