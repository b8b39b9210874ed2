import { Modal, type ModalProps } from '@mantine/core';

/**
 * The app's dialog frame: centered, its close button named "Cerrar", and without the scroll-bar
 * compensation of react-remove-scroll, which injects a <style> element the CSP (style-src 'self')
 * would block. `titleClass` styles the title.
 */
export function AppModal({ titleClass, ...props }: ModalProps & { titleClass?: string }) {
  return (
    <Modal
      centered
      removeScrollProps={{ removeScrollBar: false }}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      classNames={titleClass ? { title: titleClass } : undefined}
      {...props}
    />
  );
}
