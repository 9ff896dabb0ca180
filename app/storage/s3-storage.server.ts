import type { S3Client } from "@aws-sdk/client-s3";
import type { Config } from "~/lib/config.server";
import { assertKey, type FileStorage } from "./file-storage.server";

/**
 * Any S3-compatible store (Cloudflare R2, MinIO, AWS). Objects are written with the same
 * headers the local disk serves: immutable for a year (keys never change content) and nosniff
 * by content type. S3_PUBLIC_URL is the bucket's public (CDN) address.
 *
 * The SDK is loaded on the first file operation, not with this module: most installations keep
 * files on disk, and every process (and every test file) that reaches storage would otherwise pay
 * the SDK's import, about half a second.
 */
export class S3Storage implements FileStorage {
  private sdk: Promise<{
    client: S3Client;
    sdk: typeof import("@aws-sdk/client-s3");
  }> | null = null;

  constructor(private readonly settings: NonNullable<Config["s3"]>) {}

  private connect() {
    this.sdk ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: this.settings.endpoint,
        region: this.settings.region,
        forcePathStyle: true,
        credentials: {
          accessKeyId: this.settings.accessKeyId,
          secretAccessKey: this.settings.secretAccessKey,
        },
      }),
    }));
    return this.sdk;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    const { client, sdk } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async size(key: string): Promise<number | null> {
    assertKey(key);
    const { client, sdk } = await this.connect();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  publicUrl(key: string): string {
    assertKey(key);
    return `${this.settings.publicUrl}/${key}`;
  }
}
