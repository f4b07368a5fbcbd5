import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import '../cabinet/cabinet.css';

interface Props {
  isOpen: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

/** The calendar's modal frame (admin-backoffice §2 «Modal modes»): the cabinet's dialog, wider, with its title and a close button. */
export function AdminModal({ isOpen, title, testId, onClose, children }: Props) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable className="cabinet-overlay">
      <Modal className="cabinet-modal acal-modal">
        <Dialog className="cabinet-dialog" data-testid={testId}>
          <header className="cabinet-dialog__header">
            <Heading slot="title" className="cabinet-dialog__title">
              {title}
            </Heading>
            <button type="button" className="cabinet-dialog__close" aria-label="Закрыть" onClick={onClose}>
              ×
            </button>
          </header>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
