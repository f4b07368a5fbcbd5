import { formatRoubles, type AuthUser, type BookingPrice, type Studio } from '@studio/domain';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { checkPromo } from './api';
import { MESSAGES, type BookingFormValues } from './booking-form';
import { FieldError } from '../ui/FieldError';
import { PhoneInput } from '../ui/PhoneInput';

interface Props {
  studio: Studio;
  price: BookingPrice | null;
  promo: { code: string; percent: number } | null;
  onPromo: (promo: { code: string; percent: number } | null) => void;
  submitError: string | null;
  /** The signed-in customer: the contacts are the profile's, and the 50% prepayment is offered. */
  customer: AuthUser | null;
}

/** Step 4: contacts, the promo code, the rules, the itemised price and the way to pay. */
export function ContactStep({ studio, price, promo, onPromo, submitError, customer }: Props) {
  const { register, control, formState, getValues, setValue, setError, clearErrors } = useFormContext<BookingFormValues>();
  const prepay = useWatch<BookingFormValues, 'prepay'>({ name: 'prepay' });
  const { errors } = formState;
  const [checking, setChecking] = useState(false);

  const applyPromo = async () => {
    const code = getValues('promo').trim();
    clearErrors('promo');
    onPromo(null);
    if (!code) return;
    setChecking(true);
    const result = await checkPromo(code, studio);
    setChecking(false);
    if (result.ok) onPromo({ code, percent: result.percent });
    else setError('promo', { message: result.error });
  };

  const promoField = register('promo');
  return (
    <>
      <div className="booking-form__grid">
        {customer ? (
          <ProfileContacts customer={customer} />
        ) : (
          <>
            <div className="field">
              <label htmlFor="name">Имя</label>
              <input id="name" autoComplete="name" aria-invalid={Boolean(errors.name)} {...register('name')} />
              <FieldError message={errors.name?.message} />
            </div>
            <div className="field">
              <label htmlFor="phone">Телефон</label>
              <PhoneInput control={control} name="phone" invalid={Boolean(errors.phone)} />
              <FieldError message={errors.phone?.message} />
            </div>
            <div className="field">
              <label htmlFor="email">Email</label>
              <input id="email" type="email" autoComplete="email" inputMode="email" aria-invalid={Boolean(errors.email)} {...register('email')} />
              <FieldError message={errors.email?.message} />
            </div>
          </>
        )}
        <div className="field field--wide">
          <label htmlFor="comment">Комментарий</label>
          <textarea id="comment" rows={3} {...register('comment')} />
          <FieldError message={errors.comment?.message} />
        </div>
        <div className="field">
          <label htmlFor="promo">Промокод</label>
          <div className="promo">
            <input
              id="promo"
              autoComplete="off"
              aria-invalid={Boolean(errors.promo)}
              {...promoField}
              onChange={(event) => {
                event.target.value = event.target.value.toUpperCase();
                if (promo) onPromo(null);
                void promoField.onChange(event);
              }}
            />
            <button type="button" className="promo__ok" disabled={checking} onClick={() => void applyPromo()}>
              OK
            </button>
          </div>
          {promo && <p className="booking-form__hint">Промокод {promo.code}: скидка {promo.percent}%</p>}
          <FieldError message={errors.promo?.message} />
        </div>
      </div>

      <PriceBreakdown price={price} />

      <div className="field">
        <label className="check">
          <input type="checkbox" aria-invalid={Boolean(errors.rules)} {...register('rules')} onChange={(event) => setValue('rules', event.target.checked, { shouldValidate: true })} />
          <span>
            Я ознакомился(-ась) с{' '}
            <a href={`/${studio}/rules`} target="_blank" rel="noopener">
              правилами бронирования
            </a>
          </span>
        </label>
        <FieldError message={errors.rules?.message} />
      </div>
      {customer && (
        <div className="field">
          <label className="check">
            <input type="checkbox" {...register('prepay')} />
            <span>Предоплата 50%: половина сейчас, остаток — в личном кабинете до визита</span>
          </label>
        </div>
      )}
      {customer && prepay && price ? (
        <p className="booking-form__hint" data-testid="pay-now">
          Сейчас к оплате {formatRoubles(Math.floor(price.total / 2) / 100)} из {formatRoubles(price.total / 100)}; после нажатия кнопки откроется страница платёжной системы.
        </p>
      ) : (
        <p className="booking-form__hint">Оплата 100% онлайн; после нажатия кнопки откроется страница платёжной системы.</p>
      )}
      {submitError && (
        <p className="booking-form__error" role="alert">
          {submitError}
        </p>
      )}
    </>
  );
}

/** A signed-in customer books under the profile: shown, not typed, with the way to change it. */
function ProfileContacts({ customer }: { customer: AuthUser }) {
  const { getValues } = useFormContext<BookingFormValues>();
  const { name, phone, email } = getValues();
  return (
    <div className="field field--wide profile-contacts" aria-label="Контакты из профиля" role="group">
      <p className="profile-contacts__title">Контакты из профиля</p>
      <p className="profile-contacts__line">
        {name}, {phone}
        {customer.email ? `, ${email}` : ''}
      </p>
      {!customer.email && (
        <p className="booking-form__error" role="alert">
          {MESSAGES.profileEmail}
        </p>
      )}
      <Link className="profile-contacts__edit" to="/profile">
        {customer.email ? 'Изменить в профиле' : 'Добавить email в профиле'}
      </Link>
    </div>
  );
}

/** The itemised price, line by line as the server will charge it. */
function PriceBreakdown({ price }: { price: BookingPrice | null }) {
  if (!price) return <p className="booking-form__hint">Стоимость появится, когда выбраны время и формат.</p>;
  return (
    <section className="price" aria-label="Стоимость">
      <h2 className="price__title">Стоимость</h2>
      <ul className="price__lines">
        {price.lines.map((line, i) => (
          <li key={`${line.kind}-${i}`} className={`price__line price__line--${line.kind}`} data-testid="price-line">
            <span>
              {line.label}
              {line.quantity !== 1 && <span className="price__qty"> × {String(line.quantity).replace('.', ',')}</span>}
            </span>
            <span className="price__amount">{formatRoubles(line.amount / 100)}</span>
          </li>
        ))}
      </ul>
      <p className="price__total">
        <span>Итого к оплате</span>
        <strong data-testid="price-total">{formatRoubles(price.total / 100)}</strong>
      </p>
    </section>
  );
}
