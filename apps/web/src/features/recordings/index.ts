export { VideoPlayerModal, type PlayableRecording } from './components/VideoPlayerModal';
export { uploadRecording, type RecordingUploadQuery } from './api';
