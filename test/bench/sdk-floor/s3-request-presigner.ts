// Floor part of `npm run bench:lambdas` for @aws-sdk/s3-request-presigner: presigning one download.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

const s3 = new S3Client({});
export const use = (key: string) => getSignedUrl(s3, new GetObjectCommand({ Bucket: 'floor', Key: key }), { expiresIn: 60 });
