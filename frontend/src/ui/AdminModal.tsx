import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './modal.css';

interface Props {
  isOpen: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

/** The calendar's modal frame (docs/staff.md#what-it-does «Modal modes»): the cabinet's dialog, wider, with its title and a close button. */
export function AdminModal({ isOpen, title, testId, onClose, children }: Props) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable className="modal-overlay">
      <Modal className="modal-sheet acal-modal">
        <Dialog className="modal-dialog" data-testid={testId}>
          <header className="modal-dialog__header">
            <Heading slot="title" className="modal-dialog__title">
              {title}
            </Heading>
            <button type="button" className="modal-dialog__close" aria-label="Закрыть" onClick={onClose}>
              ×
            </button>
          </header>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
