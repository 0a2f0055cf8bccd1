// The exports feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { AutoDownloadSetting } from './components/auto-download-setting';
export { ExportMenu } from './components/export-menu';
export { ExportNoticesProvider } from './components/export-notices';
export { exportsAccountRoutes, exportsRoutes } from './routes';
export { GoogleAuthorisationPanel } from './components/google-authorisation-panel';
export { useExportNotices } from './components/export-notices';
export { newPdfSessionId, sendPdfExport } from './api/pdf-export';
export { PdfExportModal } from './components/pdf-export-modal';
export { ShareLinkButton } from './components/share-link-button';

export {
  brandOptions,
  reportBrandLogoUrl,
  useCreateReportBrand,
  useDeleteReportBrand,
  useDeleteReportBrandLogo,
  useMakeDefaultReportBrand,
  useReportBrands,
  useSaveReportBrand,
  useUploadReportBrandLogo,
} from './api/report-brands';
