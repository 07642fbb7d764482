import type { Db } from '../db/index.js';
import { CAMP_MSG, INCIDENT_PHOTO_MAX, INCIDENT_PHOTO_MAX_BYTES } from '../../shared/camps.js';
import { isUuid } from '../../shared/ids.js';
import { permissionScope } from '../../shared/permissions.js';
import type { ClubAccess } from '../core/access.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { loadEvidence, withStoredEvidence, type EvidenceFile, type EvidenceRule } from '../storage/evidence.js';
import type { Storage } from '../storage/storage.js';
import { mustGetEvent, requireLeader } from './service.js';
import * as repo from './repo.js';

/**
 * Photos of an ocorrência (issue 49, ADR 078). A phone queues them offline with the incident (sealed
 * like the pack) and sends each once on reconnect, after the incident itself: the photo's id is the
 * phone's, so a resend is answered as a repeat and nothing is stored twice. JPEG or PNG by the bytes
 * (the one evidence module), 10 MB at most: a 20 MB photo is refused and nothing is written.
 */
export const INCIDENT_PHOTO_RULE: EvidenceRule = {
  maxBytes: INCIDENT_PHOTO_MAX_BYTES,
  accepts: (ext) => ext === 'jpg' || ext === 'png',
  msg: { required: CAMP_MSG.photoRequired, tooBig: CAMP_MSG.photoTooBig, type: CAMP_MSG.photoType },
  fallbackName: 'foto-da-ocorrencia',
};

/** A concurrent send of the same photo won the insert: this one's file goes, the answer is a repeat. */
class RepeatedPhoto extends Error {}

/** The name kept: the phone's, when it ends as a photo does; otherwise the fallback (the type comes from the bytes). */
const photoName = (filename: string) => (/\.(jpe?g|png)$/i.test(filename) ? [...filename].filter((ch) => ch >= ' ').join('').slice(0, 200) : '');

export async function addPhoto(db: Db, storage: Storage, access: ClubAccess, eventId: string, incidentId: string, photoId: string, file: EvidenceFile | null) {
  if (!isUuid(incidentId)) throw notFound(CAMP_MSG.incidentNotFound);
  if (!isUuid(photoId)) throw badRequest(CAMP_MSG.idRequired);
  await requireLeader(db, access, eventId);
  const incident = await repo.incidentOfEvent(db, access.clubId, eventId, incidentId);
  if (!incident) throw notFound(CAMP_MSG.incidentNotFound);
  const taken = await repo.photoIdTaken(db, photoId);
  if (taken) {
    if (taken.club_id === access.clubId && taken.incident_id === incidentId) return { id: photoId, duplicate: true };
    throw conflict(CAMP_MSG.idRequired);
  }
  if (incident.photos >= INCIDENT_PHOTO_MAX) throw badRequest(CAMP_MSG.tooManyPhotos);
  const named = file ? { bytes: file.bytes, filename: photoName(file.filename) } : null;
  try {
    return await withStoredEvidence(storage, access.clubId, named, (stored) => db.transaction(async (tx) => {
      if (!stored) throw badRequest(CAMP_MSG.photoRequired);
      const id = await repo.insertPhoto(tx, { id: photoId, clubId: access.clubId, incidentId, key: stored.key, mime: stored.mime, name: stored.name, size: stored.size, by: access.profileId });
      if (!id) throw new RepeatedPhoto();
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'camp.incident_photo', entity: 'event', entityId: eventId, after: { incident_id: incidentId, photo_id: id, size: stored.size } });
      return { id, duplicate: false };
    }), { required: true, rule: INCIDENT_PHOTO_RULE });
  } catch (err) {
    if (err instanceof RepeatedPhoto) return { id: photoId, duplicate: true };
    throw err;
  }
}

/** A photo's bytes: a leader named on the saída (in its window), or the direction reading the report. */
export async function readPhoto(db: Db, storage: Storage, access: ClubAccess, eventId: string, incidentId: string, photoId: string) {
  if (!isUuid(incidentId) || !isUuid(photoId)) throw notFound(CAMP_MSG.photoNotFound);
  if (permissionScope(access.role, 'camps.manage') === null) await requireLeader(db, access, eventId);
  else await mustGetEvent(db, access.clubId, eventId);
  if (!(await repo.incidentOfEvent(db, access.clubId, eventId, incidentId))) throw notFound(CAMP_MSG.photoNotFound);
  const photo = await repo.photoOfIncident(db, access.clubId, incidentId, photoId);
  if (!photo) throw notFound(CAMP_MSG.photoNotFound);
  return loadEvidence(storage, { key: photo.storage_key, mime: photo.mime, name: photo.name }, CAMP_MSG.photoNotFound);
}
