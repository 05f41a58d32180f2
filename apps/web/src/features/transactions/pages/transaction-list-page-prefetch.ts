import type { TTransactionView } from '@mbo/shared/transactions';
import { listPrefetch } from '../../../platform/list-screen';
import { TRANSACTION_LISTS } from '../transaction-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch<{ view: TTransactionView }>(({ view }) => TRANSACTION_LISTS[view]);
