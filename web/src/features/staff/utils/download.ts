/**
 * Starts the download of a file the API made (an export): the link answers with `Content-Disposition: attachment`,
 * so following it saves the file and leaves the page where it is.
 */
export function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
