import { Navigate, useLocation, useParams } from 'react-router-dom';

/** /redirect/{path}: goes straight on to /{path}, which re-mounts that page (the tags view's refresh). */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
