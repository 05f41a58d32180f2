import { useParams } from 'react-router';
import { AdditionalDocuments, parseBusinessId } from '../components/additional-documents';

/** /setting/uploadAdditional/:businessId */
export function UploadAdditionalPage() {
  const { businessId } = useParams();
  return <AdditionalDocuments key={businessId} businessId={parseBusinessId(businessId)} />;
}
