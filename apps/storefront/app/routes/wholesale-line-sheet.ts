import type { Route } from './+types/wholesale-line-sheet';
import { loadLineSheet } from '../features/account/line-sheet.server.ts';

/** The wholesale line sheet (PDF), for approved buyers and owners: /wholesale/line-sheet.pdf. */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadLineSheet(request, context.apiFetch);
