// Floor part of `npm run bench:lambdas` for @aws-sdk/s3-presigned-post: presigning one browser upload.
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';

const s3 = new S3Client({});
export const use = (key: string) => createPresignedPost(s3, { Bucket: 'floor', Key: key, Expires: 60 });
