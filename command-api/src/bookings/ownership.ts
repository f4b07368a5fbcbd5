import type { Request, Response } from 'express';
import { customerAggregate, customerStream, DomainError, isCustomersBooking, type BookingCustomer } from '@studio/domain';
import { notSignedIn, requireSessionCustomer } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';

export interface SignedInCustomer {
  id: string;
  /** E.164, as the account keeps it. */
  phone: string;
}

/** The customer whose session the request carries (401 without one), named as the actor of what follows. */
export async function signedInCustomer(deps: CommandApiDeps, req: Request, res: Response): Promise<SignedInCustomer> {
  const customerId = await requireSessionCustomer(deps.pool, req);
  const { state } = await deps.commands.read(customerAggregate, customerStream(customerId));
  if (!state.customer || state.withdrawn) throw notSignedIn();
  res.locals.actor = `customer:${customerId}`;
  return { id: customerId, phone: state.customer.phone };
}

/** 403 unless the booking is the customer's: booked signed in as them, or as a guest with their phone. */
export function requireOwnBooking(customer: SignedInCustomer, booked: BookingCustomer): void {
  if (!isCustomersBooking(booked, customer)) throw new DomainError('forbidden', 'not_your_booking', 'Это бронирование другого клиента');
}
