import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { defaultReportColors, type ReportDesignSettings, type ReportLogoType } from '@serpwise/contracts';
import { ReportDesignRepository, type ReportDesignRecord } from '@serpwise/database';
import { checkLogo } from '@serpwise/reports';
import type { Identity } from '../sessions/request-session.js';

const toSettings = (record: ReportDesignRecord | null): ReportDesignSettings =>
  record
    ? {
        companyName: record.companyName,
        primaryColor: record.primaryColor,
        accentColor: record.accentColor,
        hasLogo: record.hasLogo,
        logoType: record.logoType as ReportLogoType | null,
        logoUpdatedAt: record.logoUpdatedAt?.toISOString() ?? null,
        isSaved: true,
      }
    : { companyName: '', ...defaultReportColors, hasLogo: false, logoType: null, logoUpdatedAt: null, isSaved: false };

/**
 * The report design of /account/reportdesign (white label: logo, company name, colours). It belongs to the account
 * owner, so a team's child accounts (who use their owner's recon plan) share it; nobody else can read or change it.
 * The controller only lets full recon users in.
 */
@Injectable()
export class ReportDesignService {
  constructor(private readonly designs: ReportDesignRepository) {}

  private ownerOf = (identity: Identity) => identity.parent?.id ?? identity.user.id;

  async get(identity: Identity): Promise<ReportDesignSettings> {
    return toSettings(await this.designs.findForOwner(this.ownerOf(identity)));
  }

  async save(identity: Identity, input: { companyName: string; primaryColor: string; accentColor: string }): Promise<ReportDesignSettings> {
    return toSettings(await this.designs.saveSettings(this.ownerOf(identity), input));
  }

  async uploadLogo(identity: Identity, file: { buffer: Buffer } | undefined): Promise<ReportDesignSettings> {
    const checked = checkLogo(file?.buffer ?? Buffer.alloc(0));
    if (!checked.ok) throw new BadRequestException({ statusCode: 400, message: checked.message, errors: [checked.message] });
    return toSettings(await this.designs.saveLogo(this.ownerOf(identity), file!.buffer, checked.type, defaultReportColors));
  }

  async deleteLogo(identity: Identity): Promise<ReportDesignSettings> {
    const owner = this.ownerOf(identity);
    return toSettings((await this.designs.deleteLogo(owner)) ?? (await this.designs.findForOwner(owner)));
  }

  async logo(identity: Identity): Promise<{ data: Buffer; type: string }> {
    const logo = await this.designs.logoOf(this.ownerOf(identity));
    if (!logo) throw new NotFoundException('No logo has been uploaded.');
    return logo;
  }
}

