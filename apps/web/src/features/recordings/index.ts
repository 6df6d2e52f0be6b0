export { VideoPlayerModal, type PlayableRecording } from './components/VideoPlayerModal';
export { videoSrc } from './api';
