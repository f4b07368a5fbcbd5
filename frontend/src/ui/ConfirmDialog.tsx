import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './modal.css';

interface Props {
  isOpen: boolean;
  question: string;
  /** A warning under the question, for a choice with a consequence to weigh. */
  detail?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An in-page yes/no question over the page (an alert dialog: Escape or «Нет» says no). */
export function ConfirmDialog({ isOpen, question, detail, confirmLabel, onConfirm, onCancel }: Props) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} isDismissable className="modal-overlay modal-overlay--top">
      <Modal className="modal-sheet modal-sheet--confirm">
        <Dialog role="alertdialog" className="modal-dialog">
          <Heading slot="title" className="modal-dialog__question">
            {question}
          </Heading>
          {detail && <p className="modal-dialog__warning">{detail}</p>}
          <div className="modal-dialog__actions">
            <button type="button" className="button button--danger" onClick={onConfirm}>
              {confirmLabel}
            </button>
            <button type="button" className="button button--ghost" autoFocus onClick={onCancel}>
              Нет
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
