/**
 * zh-CN texts of the registration forms (namespace `register`; loaded with their lazy chunk). The
 * shared field words (手机号, 验证码, 获取验证码, 密码…) are the login texts of the main dictionary.
 */
const zhCN = {
  title: { trader: '商家注册', base: '服务中心入驻申请' },
  subtitle: {
    trader: '注册后自动登录商家端',
    base: '提交后由平台审核，审核通过即可登录服务中心端',
  },
  merchantName: '商家名称',
  merchantNamePlaceholder: '请输入商家名称',
  centreName: '服务中心名称',
  centreNamePlaceholder: '请输入服务中心名称',
  centreAddress: '服务中心地址',
  centreAddressPlaceholder: '请输入服务中心详细地址',
  contact: '联系人',
  contactPlaceholder: '请输入联系人姓名',
  contactRequired: '请输入联系人姓名',
  contactTooLong: '联系人姓名不能超过{{max}}个字',
  passwordPlaceholder: '请设置6-64位登录密码',
  confirm: '确认密码',
  confirmPlaceholder: '请再次输入密码',
  confirmRequired: '请再次输入密码',
  confirmMismatch: '两次输入的密码不一致',
  submit: { trader: '注册', base: '提交申请' },
  toLogin: '已有账号？去登录',
  registered: '注册成功',
  submittedTitle: '入驻申请已提交，请等待平台审核',
  submittedHint: '审核通过后，使用手机号 {{mobile}} 和设置的密码登录服务中心端。',
  backToLogin: '返回登录',
};

export type RegisterTexts = typeof zhCN;
export default zhCN;
