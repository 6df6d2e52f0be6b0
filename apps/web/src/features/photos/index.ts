/** What other features may use from photos (inspection photos: upload, serve): the link an <img> shows. */
export { photoSrc } from './photoSrc';
export { sendPhoto, type PhotoUploadQuery } from './api';
