/** ApplyHub's own organization and its "Organization application" program (fixed ids, as the spec links them). */
export const APPLYHUB_ORG_SLUG = 'applyhub';
export const ORG_APPLICATION_PROGRAM_ID = '00000000-0000-4000-8000-00000000a001';
