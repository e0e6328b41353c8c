/**
 * The composition root of direct uploads: S3's presigned POSTs and the record of issued uploads (the DynamoDB
 * `uploadClaims` table) wired into the upload planning of lambdas/domain/uploads.
 */
import { s3Presigner } from '../adapters/s3-presign';
import { uploadClaimsTable } from '../data/upload-claims';
import { systemClock } from '../domain/clock';

export const uploadDeps = () => ({ presigner: s3Presigner, ledger: uploadClaimsTable, now: () => systemClock.now() });
