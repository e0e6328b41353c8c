/**
 * The site's front door: a private S3 bucket behind CloudFront (origin access control), the hosting policy of
 * shared/deployment/hosting.ts (page routing as CloudFront Functions, caching, security headers and CSP), and the API
 * served under the same origin at `/api/*`.
 *
 * Serving the API through the distribution is what keeps the stacks free of cycles and the headers exact: the
 * site's config says `apiUrl: ''` (same origin, exactly as in the local stack), so the API needs no CORS at all
 * and the Content-Security-Policy's connect-src is 'self' plus Cognito and the upload bucket, with no reference
 * from this stack to anything created later.
 */
import { Duration, Fn } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AccessLevel,
  AllowedMethods,
  CachePolicy,
  CachedMethods,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { ARecord, AaaaRecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  assetsCacheControl,
  assetsPrefix,
  contentSecurityPolicy as hostingContentSecurityPolicy,
  hstsMaxAgeSeconds,
  inlineContent,
  securityHeaders,
  viewerRequestSource,
  viewerResponseSource,
} from '@shared/deployment/hosting';
import { originVerifyHeader, resourceName } from '@shared/deployment/manifest';
import type { StageConfig } from '../stages';
import { acknowledge, guardAck } from '../lib/nag';
import { bucketChoices, privateBucketProps } from '../lib/private-bucket';

export interface SiteProps {
  readonly stage: StageConfig;
  /** The HTTP API, served by this distribution at `/api/*`. */
  readonly api: IHttpApi;
  readonly accessLogs: IBucket;
  /** Where browsers post presigned uploads (connect-src). */
  readonly uploadEndpoints: readonly string[];
  /** The built web app, scanned for inline scripts whose hashes the CSP must allow. */
  readonly webDist: string;
  /** The AWS WAF web ACL (CLOUDFRONT scope) in front of the distribution. */
  readonly webAclArn: string;
  /** Sent to the API origin in `originVerifyHeader` (replacing any viewer value), so the API knows the request came through here. */
  readonly originVerify: string;
}

/** The hosting policy's CSP (shared/deployment/hosting.ts) as deployed: over HTTPS, connecting to Cognito and the upload bucket. */
export function contentSecurityPolicy(props: {
  region: string;
  uploadEndpoints: readonly string[];
  scriptHashes: readonly string[];
  styleAttributes?: number;
}): string {
  return hostingContentSecurityPolicy({
    scriptHashes: [...props.scriptHashes],
    styleAttributes: props.styleAttributes ?? 0,
    connectSources: [`https://cognito-idp.${props.region}.amazonaws.com`, ...props.uploadEndpoints],
    https: true,
  });
}

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://<custom domain>` or `https://<id>.cloudfront.net`. */
  readonly origin: string;
  readonly securityHeaders: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { stage } = props;

    this.bucket = new Bucket(this, 'Bucket', {
      ...privateBucketProps(stage, 'site', props.accessLogs),
      // Old assets are pruned by release, never by age (site-content.ts): the only rule is for uploads the copy
      // job started and never finished.
      lifecycleRules: [{ id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    acknowledge(this.bucket, bucketChoices('content'));

    const csp = contentSecurityPolicy({
      region: stage.region,
      uploadEndpoints: props.uploadEndpoints,
      ...inlineContent(props.webDist),
    });
    // The policy's headers (shared/deployment/hosting.ts), in CloudFront's terms.
    const headers = securityHeaders({ csp, https: true });
    const securityHeadersBehavior = {
      contentSecurityPolicy: { contentSecurityPolicy: headers['content-security-policy']!, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: headers['x-frame-options'] as HeadersFrameOption, override: true },
      referrerPolicy: { referrerPolicy: headers['referrer-policy'] as HeadersReferrerPolicy, override: true },
    };
    const permissionsPolicy = {
      header: 'Permissions-Policy',
      value: headers['permissions-policy']!,
      override: true,
    };
    this.securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: resourceName(stage.name, 'security-headers'),
      comment: 'CSP, HSTS, nosniff, referrer policy, no framing',
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [permissionsPolicy] },
      removeHeaders: ['Server'],
    });
    const immutableAssetHeaders = new ResponseHeadersPolicy(this, 'AssetHeaders', {
      responseHeadersPolicyName: resourceName(stage.name, 'asset-headers'),
      comment: 'Security headers plus a year-long immutable cache for content-hashed assets',
      securityHeadersBehavior,
      customHeadersBehavior: {
        customHeaders: [permissionsPolicy, { header: 'Cache-Control', value: assetsCacheControl, override: true }],
      },
      removeHeaders: ['Server'],
    });

    const htmlCache = new CachePolicy(this, 'HtmlCache', {
      cachePolicyName: resourceName(stage.name, 'html'),
      comment: 'Pages: the origin Cache-Control decides (revalidate); invalidated on deploy',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const assetCache = new CachePolicy(this, 'AssetCache', {
      cachePolicyName: resourceName(stage.name, 'assets'),
      comment: 'Content-hashed assets: a year',
      minTtl: Duration.days(365),
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const requestFn = new CloudFrontFunction(this, 'RouteRequest', {
      functionName: resourceName(stage.name, 'route-request'),
      comment: 'Maps page paths to their HTML file, app routes to the shell, unknown paths to 404.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(viewerRequestSource()),
    });
    const responseFn = new CloudFrontFunction(this, 'RouteResponse', {
      functionName: resourceName(stage.name, 'route-response'),
      comment: 'Gives unknown paths the 404 status',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(viewerResponseSource()),
    });

    const s3Origin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      // LIST lets S3 answer 404 (not 403) for a missing file such as an outdated asset.
      originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
    });
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
      customHeaders: { [originVerifyHeader]: props.originVerify },
    });

    const defaultBehavior: BehaviorOptions = {
      origin: s3Origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      compress: true,
      cachePolicy: htmlCache,
      responseHeadersPolicy: this.securityHeaders,
      functionAssociations: [
        { eventType: FunctionEventType.VIEWER_REQUEST, function: requestFn },
        { eventType: FunctionEventType.VIEWER_RESPONSE, function: responseFn },
      ],
    };

    const certificate = stage.site
      ? Certificate.fromCertificateArn(this, 'Certificate', stage.site.certificateArn)
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${resourceName(stage.name, 'site')}`,
      defaultBehavior,
      additionalBehaviors: {
        [`${assetsPrefix}*`]: {
          origin: s3Origin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          compress: true,
          cachePolicy: assetCache,
          responseHeadersPolicy: immutableAssetHeaders,
        },
        '/api/*': {
          origin: apiOrigin,
          // POST/PUT must never be redirected (the body would be lost): plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          compress: true,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header (Authorization included) but Host, which API Gateway needs to be its own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.securityHeaders,
        },
      },
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableIpv6: true,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      ...(stage.site && certificate
        ? { domainNames: [stage.site.domainName], certificate, minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
    });

    this.origin = stage.site ? `https://${stage.site.domainName}` : `https://${this.distribution.distributionDomainName}`;

    if (stage.site?.hostedZone) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: stage.site.hostedZone.id,
        zoneName: stage.site.hostedZone.name,
      });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasA', { zone, recordName: stage.site.domainName, target });
      new AaaaRecord(this, 'AliasAAAA', { zone, recordName: stage.site.domainName, target });
    }

    acknowledge(this.distribution, [
      {
        id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
        reason: 'LIST only turns "missing file" from 403 into 404. Listing cannot be requested through the distribution: query strings are not forwarded and the viewer-request function maps "/" to /index.html (defaultRootObject is set too).',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The agency sells to businesses anywhere; there is no country the site must not serve.',
      },
      guardAck(
        'cloudfront_origin_failover_enabled_check',
        'Both origins are single-region by design: the site bucket (rebuilt from git by a deploy) and the API, whose POST requests an origin group could not fail over. A second-region copy of the bucket and API would double the stage for a marketing site.',
      ),
      ...(stage.site
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason: `Stage ${stage.name} has no custom domain, so viewers use the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes. With a custom domain (StageConfig.site) the distribution requires TLS 1.2 (TLSv1.2_2021).`,
            },
            ...['cloudfront_custom_ssl_certificate_check', 'cloudfront_sni_enabled_check', 'cloudfront_security_policy_check'].map((rule) =>
              guardAck(
                rule,
                `Stage ${stage.name} has no custom domain (StageConfig.site), so viewers reach it on *.cloudfront.net with CloudFront's own certificate, whose TLS settings CloudFront fixes. With a custom domain the distribution uses its ACM certificate, SNI and TLSv1.2_2021.`,
              ),
            ),
          ]),
    ]);
  }
}
