import { scoringMessages } from '../../shared/domain/scoring';
import { applicationReviewer } from '../applications/access';
import { requireActor } from '../context';
import { Forbidden, NotFound } from '../errors';
import { rawId, type Who } from '../http/openapi';
import { sheetById } from './queries';
import { SHEET_NOT_FOUND } from './sheets';

/** Route caller checks (`who`, DESIGN §5 rule 13) of the scoring routes: the services' own first checks. */

/** A reviewer of the application (recusing, the shared review). */
export const reviewers: Who = applicationReviewer;

/** A reviewer with a score sheet for it (`saveSheet`). */
export const sheetHolders: Who = async (c, actor) => {
  const ref = await applicationReviewer(c, actor);
  if (!ref.access.sheet) throw new Forbidden(scoringMessages.notAssigned);
};

/** Its program's admins (`recordFinalDecision`). */
export const finalDeciders: Who = async (c, actor) => {
  const ref = await applicationReviewer(c, actor);
  if (!ref.access.admin) throw new Forbidden();
};

/** The reviewer whose sheet it is (`requestReopen`). */
export const sheetOwners: Who = async (c, actor) => {
  const me = requireActor(actor);
  const sheet = await sheetById(
    c.get('deps').db,
    rawId(c, 'id', () => new NotFound(SHEET_NOT_FOUND)),
  );
  if (!sheet || sheet.reviewer_id !== me.userId) throw new NotFound(SHEET_NOT_FOUND);
};
