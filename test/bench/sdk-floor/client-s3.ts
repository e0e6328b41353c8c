// Floor part of `npm run bench:lambdas` for @aws-sdk/client-s3: checking one uploaded object.
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';

const s3 = new S3Client({});
export const use = (key: string) => s3.send(new HeadObjectCommand({ Bucket: 'floor', Key: key }));
