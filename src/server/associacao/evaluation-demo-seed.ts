import type { DemoStep } from '../demo/context.js';
import { clubYear, itemList } from './evaluation.js';
import * as repo from './evaluation-repo.js';

/**
 * The demo club's evaluation: the platform's list (the plan signed and the atas come from their own
 * demo steps) and one item marked by hand this year, so the screen shows both kinds.
 */
export const seedDemoEvaluation: DemoStep = async ({ db, clubId, adminId }) => {
  const year = await clubYear(db, clubId);
  const hand = (await itemList(db, clubId)).items.find((i) => i.proof === null);
  if (hand) await repo.saveMark(db, clubId, year, hand.code, 'Inscrição do clube e fotos na pasta da secretaria.', adminId);
};
