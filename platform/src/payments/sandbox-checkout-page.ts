import { formatRoubles, valueToKopecks } from './amount';
import type { SandboxOutcome } from './sandbox-ledger';
import type { ProviderPayment } from './wire';

const BUTTONS: readonly [SandboxOutcome, string][] = [
  ['paid', 'Оплатить'],
  ['insufficient_funds', 'Отказ банка'],
  ['3d_secure_failed', 'Ошибка 3-D Secure'],
];

const STATUS_LABELS: Record<ProviderPayment['status'], string> = {
  pending: 'ожидает оплаты',
  waiting_for_capture: 'ожидает подтверждения',
  succeeded: 'оплачен',
  canceled: 'отменён',
};

/** The sandbox's hosted checkout: the amount, the description, and one button per outcome. */
export function checkoutPage(payment: ProviderPayment): string {
  const amount = escapeHtml(formatRoubles(valueToKopecks(payment.amount.value)));
  const description = payment.description ? `<p class="description">${escapeHtml(payment.description)}</p>` : '';
  const returnUrl = payment.confirmation?.return_url;
  const body =
    payment.status === 'pending'
      ? // No action: the form posts back to the page's own address, wherever the sandbox is mounted.
        `<form method="post">
${BUTTONS.map(([outcome, label]) => `      <button type="submit" name="outcome" value="${outcome}">${label}</button>`).join('\n')}
    </form>`
      : `<p class="status">Платёж ${STATUS_LABELS[payment.status]}.</p>${returnUrl ? `\n    <p><a href="${escapeHtml(returnUrl)}">Вернуться в магазин</a></p>` : ''}`;
  return layout(
    'Оплата — тестовая касса',
    `<h1>Оплата заказа</h1>
    <p class="amount">${amount}</p>
    ${description}
    ${body}
    <p class="note">Тестовая касса: деньги не списываются.</p>`,
  );
}

export function checkoutMessagePage(message: string): string {
  return layout('Тестовая касса', `<h1>Тестовая касса</h1>\n    <p>${escapeHtml(message)}</p>`);
}

function layout(title: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; }
    .amount { font-size: 2rem; font-variant-numeric: lining-nums tabular-nums; margin: 0.5rem 0; }
    form { display: grid; gap: 0.75rem; margin-top: 1.5rem; }
    button { font: inherit; padding: 0.75rem; border-radius: 0.5rem; border: 1px solid #888; background: #fff; cursor: pointer; }
    button[value="paid"] { background: #1d1d1f; color: #fff; }
    .note { color: #666; font-size: 0.875rem; margin-top: 2rem; }
  </style>
</head>
<body>
  <main>
    ${main}
  </main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}
