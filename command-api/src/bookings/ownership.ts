import type { Request, Response } from 'express';
import { customerAggregate, customerStream } from '@studio/domain';
import { notSignedIn, requireSessionCustomer, type SignedInCustomer } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';

/** The customer whose session the request carries (401 without one), named as the actor of what follows. */
export async function signedInCustomer(deps: CommandApiDeps, req: Request, res: Response): Promise<SignedInCustomer> {
  const customerId = await requireSessionCustomer(deps.pool, req);
  const { state } = await deps.commands.read(customerAggregate, customerStream(customerId));
  if (!state.customer || state.withdrawn) throw notSignedIn();
  res.locals.actor = `customer:${customerId}`;
  return { id: customerId, phone: state.customer.phone, phoneVerified: state.phoneVerified };
}
