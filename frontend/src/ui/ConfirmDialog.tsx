import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

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
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} isDismissable className="cabinet-overlay cabinet-overlay--top">
      <Modal className="cabinet-modal cabinet-modal--confirm">
        <Dialog role="alertdialog" className="cabinet-dialog">
          <Heading slot="title" className="cabinet-dialog__question">
            {question}
          </Heading>
          {detail && <p className="cabinet-dialog__warning">{detail}</p>}
          <div className="cabinet-dialog__actions">
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
